import { boletoNumbers, dueFactor } from './boleto-line';
import { buildBrCode, crc16, parseBrCode, parseTemplate } from './br-code';

describe('Pix BR Code', () => {
  it('computes CRC16-CCITT (0x1021, initial 0xFFFF) as the BR Code manual does', () => {
    // the check value of CRC-16/CCITT-FALSE
    expect(crc16('123456789')).toBe('29B1');
    // the Banco Central's example payload (static BR Code of the Pix manual), whose CRC is 1D3D
    const example = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16(example)).toBe('1D3D');
    expect(parseBrCode(`${example}1D3D`).crcValid).toBe(true);
    expect(parseBrCode(`${example}1D3E`).crcValid).toBe(false);
  });

  it('builds an EMV payload a banking app reads: key, amount, receiver, city, txid and a valid CRC', () => {
    const code = buildBrCode({ key: 'pix@climapro.com.br', merchantName: 'Clima Pró Ltda', merchantCity: 'São Paulo', amountCents: 17910, txid: 'CP-abc123_def', description: 'Assinatura Clima Pro' });
    const { fields, crcValid } = parseBrCode(code);
    expect(crcValid).toBe(true);
    expect(fields['00']).toBe('01');
    expect(fields['01']).toBe('12');
    expect(parseTemplate(fields['26']!)).toEqual({ '00': 'br.gov.bcb.pix', '01': 'pix@climapro.com.br', '02': 'ASSINATURA CLIMA PRO' });
    expect(fields['52']).toBe('0000');
    expect(fields['53']).toBe('986');
    expect(fields['54']).toBe('179.10');
    expect(fields['58']).toBe('BR');
    expect(fields['59']).toBe('CLIMA PRO LTDA');
    expect(fields['60']).toBe('SAO PAULO');
    expect(parseTemplate(fields['62']!)).toEqual({ '05': 'CPabc123def' });
    expect(code.slice(-8, -4)).toBe('6304');
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    // one changed digit of the amount breaks the CRC
    expect(parseBrCode(code.replace('179.10', '179.11')).crcValid).toBe(false);
  });

  it('refuses a payload that is not TLV', () => {
    expect(() => parseBrCode('0002019999')).toThrow('not a BR Code');
  });
});

describe('boleto (sandbox)', () => {
  it('writes a 44-digit barcode and a 47-digit digitable line whose check digits match', () => {
    const due = new Date(Date.UTC(2026, 11, 1));
    const { barcode, line } = boletoNumbers({ amountCents: 19900, due, reference: '1234567890123' });
    expect(barcode).toMatch(/^\d{44}$/);
    expect(line).toMatch(/^\d{47}$/);
    expect(barcode.slice(9, 19)).toBe('0000019900');
    expect(barcode.slice(5, 9)).toBe(dueFactor(due));
    // the line's general check digit and amount are the barcode's
    expect(line[32]).toBe(barcode[4]);
    expect(line.slice(33)).toBe(barcode.slice(5, 19));
    // each field's mod-10 digit: changing a digit of the first field no longer matches
    const mod10 = (d: string) => {
      let sum = 0;
      [...d].reverse().forEach((c, i) => {
        const p = Number(c) * (i % 2 === 0 ? 2 : 1);
        sum += p > 9 ? p - 9 : p;
      });
      return String((10 - (sum % 10)) % 10);
    };
    expect(line[9]).toBe(mod10(line.slice(0, 9)));
    expect(line[20]).toBe(mod10(line.slice(10, 20)));
    expect(line[31]).toBe(mod10(line.slice(21, 31)));
  });

  it('counts the due factor from 07/10/1997, restarting at 1000 after 22/02/2025', () => {
    expect(dueFactor(new Date(Date.UTC(2000, 6, 3)))).toBe('1000');
    expect(dueFactor(new Date(Date.UTC(2025, 1, 21)))).toBe('9999');
    expect(dueFactor(new Date(Date.UTC(2025, 1, 22)))).toBe('1000');
  });
});
