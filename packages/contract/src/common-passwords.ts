/**
 * New passwords are refused when they are among the most used ones (issue 25): the top of the public
 * leaked-password rankings, the Brazilian ones included, from 6 characters (shorter ones already fail
 * the spec's minimum). Compared lower-case. Existing passwords keep working: only new ones are checked.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '12345678910', '0123456789', '987654321', '9876543210',
  '654321', '123123', '123321', '112233', '121212', '123654', '123789', '147258', '147258369', '159753', '159357',
  '258456', '314159', '456789', '520520', '741852', '741852963', '789456', '789456123', '102030', '10203040', '123qwe',
  '000000', '111111', '222222', '333333', '444444', '555555', '666666', '777777', '888888', '999999', '1111111', '11111111',
  '00000000', '696969', '131313', '123abc', 'abc123', 'abcd1234', 'a1b2c3', 'a123456', 'aa123456', 'qwe123',
  'password', 'password1', 'password123', 'passw0rd', 'p@ssw0rd', 'qwerty', 'qwerty1', 'qwerty123', 'qwertyuiop', 'azerty',
  'asdfgh', 'asdasd', 'zxcvbn', 'zxcvbnm', 'qazwsx', '1q2w3e', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', 'q1w2e3r4', 'iloveyou',
  'monkey', 'dragon', 'master', 'letmein', 'welcome', 'sunshine', 'princess', 'football', 'baseball', 'superman', 'batman',
  'trustno1', 'shadow', 'michael', 'charlie', 'jordan23', 'freedom', 'whatever', 'starwars', 'computer', 'killer', 'hello123',
  'senha', 'senha1', 'senha12', 'senha123', 'senha1234', 'minhasenha', 'mudar123', 'trocar123', 'admin', 'admin123',
  'administrador', 'brasil', 'brasil123', 'flamengo', 'corinthians', 'palmeiras', 'saopaulo', 'vasco123', 'gremio', 'santos',
  'cruzeiro', 'botafogo', 'fluminense', 'internacional', 'mengao', 'timao', 'amor123', 'teamo', 'teamo123', 'meuamor',
  'jesus123', 'jesuscristo', 'deusefiel', 'familia', 'futebol', 'gabriel', 'lucas123', 'mateus', 'beatriz', 'juliana',
  'climapro', 'clima123', 'tecnico', 'tecnico123', 'refrigeracao', 'arcondicionado', 'asdf1234', 'zaq12wsx',
]);

/** Whether a new password is one of the most common ones. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
