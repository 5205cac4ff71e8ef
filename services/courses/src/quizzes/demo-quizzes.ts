/** A demo question: the options marked `true` are the correct ones. */
export interface DemoQuestion {
  kind: 'single' | 'multiple';
  prompt: string;
  options: [string, boolean][];
  explanation: string;
}

export interface DemoAssessment {
  questionsPerAttempt: number;
  passingScore: number;
  attemptsPerDay: number;
  timeLimitMinutes: number | null;
  questions: DemoQuestion[];
}

const one = (prompt: string, options: [string, boolean][], explanation: string): DemoQuestion => ({ kind: 'single', prompt, options, explanation });
const many = (prompt: string, options: [string, boolean][], explanation: string): DemoQuestion => ({ kind: 'multiple', prompt, options, explanation });

// --- questions shared by a lesson quiz and its course's assessment ---------------------------------------

const SUPERHEAT = one(
  'Na linha de sucção, a pressão medida corresponde a uma temperatura de saturação de 5 °C, e o termômetro no tubo marca 12 °C. Qual é o superaquecimento?',
  [
    ['7 K', true],
    ['17 K', false],
    ['5 K', false],
    ['12 K', false],
  ],
  'Superaquecimento = temperatura da linha de sucção − temperatura de saturação na pressão de sucção: 12 − 5 = 7 K.',
);
const SUBCOOLING = one(
  'Na linha de líquido, a temperatura de saturação correspondente à pressão de condensação é 40 °C, e o tubo está a 34 °C. Qual é o subresfriamento?',
  [
    ['6 K', true],
    ['74 K', false],
    ['34 K', false],
    ['−6 K', false],
  ],
  'Subresfriamento = temperatura de saturação na condensação − temperatura da linha de líquido: 40 − 34 = 6 K.',
);
const METHOD = one(
  'Em um sistema com válvula de expansão (termostática ou eletrônica), qual medida confere se a carga de fluido está correta?',
  [
    ['O subresfriamento na linha de líquido', true],
    ['O superaquecimento na linha de sucção', false],
    ['A corrente do compressor', false],
    ['Somente a pressão de descarga', false],
  ],
  'A válvula de expansão regula o próprio superaquecimento; a carga se confere pelo subresfriamento. Em sistemas com tubo capilar, usa-se o superaquecimento.',
);
const HIGH_SUPERHEAT = many(
  'Em um split com tubo capilar, o superaquecimento está muito acima do indicado pelo fabricante. Quais causas são compatíveis com isso?',
  [
    ['Falta de fluido refrigerante', true],
    ['Restrição no capilar ou no filtro secador', true],
    ['Excesso de fluido refrigerante', false],
    ['Filtro de ar da evaporadora muito sujo', false],
  ],
  'Pouco fluido chegando ao evaporador (falta de carga ou restrição) faz o vapor superaquecer mais. Excesso de fluido e pouco fluxo de ar na evaporadora fazem o contrário: baixam o superaquecimento.',
);
const LIQUID_CHARGE = one(
  'Por que o R-410A deve ser carregado na fase líquida?',
  [
    ['Por ser uma mistura: retirado como vapor, os componentes saem em proporções diferentes e a composição muda', true],
    ['Porque o vapor de R-410A é inflamável', false],
    ['Porque a balança de carga só mede líquido', false],
    ['Não há diferença: pode ser carregado como vapor', false],
  ],
  'O R-410A é uma mistura de R-32 e R-125. Para manter a composição, a carga é feita na fase líquida, dosando devagar para não golpear o compressor.',
);
const A2L = one(
  'Qual é a classificação de segurança do R-32 pela norma ASHRAE 34?',
  [
    ['A2L: baixa toxicidade e levemente inflamável', true],
    ['A1: baixa toxicidade e não inflamável', false],
    ['A3: baixa toxicidade e altamente inflamável', false],
    ['B2L: alta toxicidade e levemente inflamável', false],
  ],
  'O R-32 é A2L: baixa toxicidade (A) e levemente inflamável (2L). Exige ventilação, ferramentas adequadas e nenhuma fonte de ignição por perto.',
);
const VACUUM_TARGET = one(
  'Antes de abrir as válvulas de serviço de um split novo, até quantos mícrons se recomenda fazer o vácuo?',
  [
    ['500 mícrons ou menos, medidos com vacuômetro', true],
    ['5.000 mícrons', false],
    ['Basta o manômetro do manifold marcar −30 inHg', false],
    ['760 mmHg', false],
  ],
  'O manômetro do manifold não tem resolução para vácuo profundo. Com o vacuômetro, o alvo usual é 500 mícrons ou menos, sinal de que a umidade foi evaporada e retirada.',
);
const GAUGE_PLACE = one(
  'Onde o vacuômetro deve ser instalado para uma leitura confiável?',
  [
    ['No ponto mais distante da bomba, de preferência na válvula de serviço do equipamento', true],
    ['Diretamente na bomba de vácuo', false],
    ['Na mangueira amarela, junto à bomba', false],
    ['Tanto faz o ponto de instalação', false],
  ],
  'Perto da bomba, a leitura fica mais baixa do que a do sistema. No ponto mais distante, o vacuômetro mostra o vácuo que o sistema realmente atingiu.',
);
const DECAY = one(
  'Depois de isolar a bomba, a leitura do vacuômetro sobe e se estabiliza perto de 1.500 mícrons. O que isso indica?',
  [
    ['Umidade ainda presente no sistema: é preciso continuar o vácuo', true],
    ['O sistema está pronto para receber a carga', false],
    ['Há certamente um vazamento', false],
    ['O vacuômetro está descalibrado', false],
  ],
  'Uma subida que se estabiliza indica umidade evaporando. Se a leitura subisse sem parar até a pressão atmosférica, o sinal seria de vazamento.',
);
const MOISTURE = many(
  'Quais problemas a umidade deixada no sistema pode causar?',
  [
    ['Formação de ácidos que atacam o óleo e o isolamento do motor do compressor', true],
    ['Congelamento no dispositivo de expansão', true],
    ['Formação de borra no óleo POE', true],
    ['Aumento da eficiência do sistema', false],
  ],
  'O óleo POE absorve umidade com facilidade: com água, forma ácidos e borra; e a água pode congelar na expansão, obstruindo a passagem do fluido.',
);
const CAPACITOR_RANGE = one(
  'Um capacitor de 35 µF ± 5% mede 30 µF no capacímetro. O que fazer?',
  [
    ['Substituir: está abaixo da tolerância (33,25 a 36,75 µF)', true],
    ['Manter: a diferença é pequena', false],
    ['Substituir por um de 25 µF', false],
    ['Manter e aumentar a tensão de alimentação', false],
  ],
  'Com ±5%, a faixa aceita vai de 33,25 a 36,75 µF. Com 30 µF o capacitor está fraco: o compressor pode não partir ou trabalhar aquecido.',
);
const CAPACITOR_SAFETY = one(
  'Antes de medir um capacitor, o que é obrigatório?',
  [
    ['Desligar a alimentação e descarregar o capacitor com um resistor adequado', true],
    ['Medir com o equipamento ligado, para ver a capacitância real', false],
    ['Encostar uma chave de fenda nos terminais com o equipamento ligado', false],
    ['Nada: o capacímetro já protege o técnico', false],
  ],
  'O capacitor guarda carga mesmo com o equipamento desligado. Descarregue-o com um resistor (por exemplo, 20 kΩ / 5 W) antes de tocar nos terminais.',
);
const CAPACITOR_SWAP = many(
  'Ao substituir um capacitor duplo (compressor e ventilador), o novo capacitor deve ter:',
  [
    ['A mesma capacitância em cada seção (µF)', true],
    ['Tensão nominal igual ou maior que a do original', true],
    ['Tensão nominal menor, desde que a capacitância seja maior', false],
    ['Qualquer capacitância, desde que caiba no suporte', false],
  ],
  'A capacitância de cada seção deve ser a do original (dentro da tolerância), e a tensão nominal igual ou maior: um capacitor de tensão menor pode estourar.',
);
const CLAMP = one(
  'Para medir a corrente do compressor com o alicate amperímetro, você deve:',
  [
    ['Abraçar apenas um dos condutores', true],
    ['Abraçar os dois condutores juntos', false],
    ['Abrir o circuito e ligar o alicate em série', false],
    ['Usar a escala de tensão', false],
  ],
  'Com os dois condutores dentro da garra, os campos magnéticos se anulam e a leitura fica perto de zero.',
);
const SENSOR_CODE = one(
  'O display da evaporadora mostra o código de erro do sensor de temperatura ambiente. Qual é o primeiro teste?',
  [
    ['Medir a resistência do sensor desconectado e comparar com a tabela do fabricante para a temperatura atual', true],
    ['Trocar a placa da evaporadora', false],
    ['Completar a carga de fluido refrigerante', false],
    ['Trocar o compressor', false],
  ],
  'Sensores NTC diminuem a resistência quando a temperatura sobe. Compare a medida com a tabela (muitos modelos usam 10 kΩ a 25 °C) antes de condenar a placa.',
);
const CODE_SOURCE = many(
  'Onde confirmar o significado de um código de erro?',
  [
    ['No manual de serviço do fabricante para aquele modelo', true],
    ['No histórico de erros da placa, acessado pelo controle remoto ou pelos LEDs', true],
    ['Em qualquer tabela: o código significa o mesmo em todas as marcas', false],
    ['No adesivo de carga de fluido da condensadora', false],
  ],
  'Os códigos variam entre fabricantes e até entre linhas do mesmo fabricante; use sempre o manual de serviço do modelo e o histórico gravado na placa.',
);
const NTC_SHORT = one(
  'Um sensor NTC de 10 kΩ a 25 °C, medido a 25 °C, mostra 0 Ω. Qual é o diagnóstico?',
  [
    ['Sensor em curto: substituir', true],
    ['Sensor aberto: substituir', false],
    ['Sensor normal', false],
    ['A placa está em curto', false],
  ],
  'Zero ohm é curto-circuito. Um sensor aberto mostraria resistência infinita (OL no multímetro); um sensor bom, perto de 10 kΩ nessa temperatura.',
);

/** Lesson quizzes of the demo courses, by course title and lesson title. */
export const DEMO_LESSON_QUIZZES: Record<string, Record<string, DemoQuestion[]>> = {
  'Vácuo Profissional': {
    'Por que o vácuo é obrigatório': [MOISTURE],
    'Vacuômetro em mícrons: como interpretar': [VACUUM_TARGET, GAUGE_PLACE],
    'Teste de decaimento': [DECAY],
  },
  'Carga de Fluido Refrigerante R-410A e R-32': {
    'Propriedades do R-410A e do R-32': [LIQUID_CHARGE],
    'Carga por superaquecimento e subresfriamento': [SUPERHEAT, SUBCOOLING, METHOD, HIGH_SUPERHEAT],
    'Segurança com fluidos inflamáveis (A2L)': [A2L],
  },
  'Elétrica Básica para o Técnico de Refrigeração': {
    'Uso correto do multímetro e do alicate amperímetro': [CLAMP],
    'Capacitores: teste e substituição': [CAPACITOR_SAFETY, CAPACITOR_RANGE, CAPACITOR_SWAP],
  },
  'Placas Eletrônicas e Inverter': {
    'Códigos de erro: leitura e interpretação': [SENSOR_CODE, CODE_SOURCE],
    'Teste de sensores NTC (termistores)': [NTC_SHORT],
  },
};

/** Final assessments of the demo courses, by course title. */
export const DEMO_ASSESSMENTS: Record<string, DemoAssessment> = {
  'Carga de Fluido Refrigerante R-410A e R-32': {
    questionsPerAttempt: 5,
    passingScore: 70,
    attemptsPerDay: 3,
    timeLimitMinutes: 20,
    questions: [SUPERHEAT, SUBCOOLING, METHOD, HIGH_SUPERHEAT, LIQUID_CHARGE, A2L, VACUUM_TARGET, MOISTURE],
  },
  'Vácuo Profissional': {
    questionsPerAttempt: 4,
    passingScore: 75,
    attemptsPerDay: 3,
    timeLimitMinutes: null,
    questions: [VACUUM_TARGET, GAUGE_PLACE, DECAY, MOISTURE, one(
      'Quanto tempo deve durar o teste de decaimento depois de atingido o vácuo?',
      [
        ['Alguns minutos com a bomba isolada (por exemplo, 10 a 15), observando se a leitura se mantém', true],
        ['Não é necessário: atingido o vácuo, pode-se abrir as válvulas', false],
        ['24 horas com a bomba ligada', false],
        ['Apenas 5 segundos', false],
      ],
      'O teste de decaimento se faz com a bomba isolada, por alguns minutos. Uma leitura que se mantém abaixo do alvo confirma sistema seco e estanque.',
    )],
  },
  'Elétrica Básica para o Técnico de Refrigeração': {
    questionsPerAttempt: 4,
    passingScore: 70,
    attemptsPerDay: 3,
    timeLimitMinutes: 15,
    questions: [CLAMP, CAPACITOR_SAFETY, CAPACITOR_RANGE, CAPACITOR_SWAP, SENSOR_CODE, NTC_SHORT],
  },
};
