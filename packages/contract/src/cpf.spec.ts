import { CheckoutBody } from './billing';
import { cpfDigits, formatCpf, isValidCpf, maskCpf } from './cpf';

describe('CPF', () => {
  it('accepts a CPF whose two check digits match, with or without punctuation', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf(' 111.444.777-35 ')).toBe(true);
  });

  it('refuses wrong check digits, repeated digits and anything that is not 11 digits', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('529.982.247-15')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('000.000.000-00')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529.982.247-2a')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });

  it('keeps the digits, formats and masks them', () => {
    expect(cpfDigits('529.982.247-25')).toBe('52998224725');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('52998224725')).toBe('***.982.247-**');
  });

  it('is asked for a boleto only: required and checked there, dropped for card and Pix', () => {
    expect(CheckoutBody.parse({ plan: 'monthly' })).toEqual({ plan: 'monthly', method: 'card', cpf: null });
    expect(CheckoutBody.parse({ plan: 'annual', method: 'pix', cpf: '529.982.247-25' })).toEqual({ plan: 'annual', method: 'pix', cpf: null });
    expect(CheckoutBody.parse({ plan: 'annual', method: 'boleto', cpf: '529.982.247-25' })).toEqual({ plan: 'annual', method: 'boleto', cpf: '52998224725' });
    const missing = CheckoutBody.safeParse({ plan: 'annual', method: 'boleto' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe('Informe o CPF de quem paga o boleto');
    const wrong = CheckoutBody.safeParse({ plan: 'annual', method: 'boleto', cpf: '529.982.247-24' });
    expect(wrong.error?.issues[0]?.message).toBe('CPF inválido: confira os números');
    expect(CheckoutBody.safeParse({ plan: 'annual', method: 'cheque' }).error?.issues[0]?.message).toBe('Forma de pagamento inválida: escolha cartão de crédito, Pix ou boleto');
  });
});
