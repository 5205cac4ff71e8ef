/**
 * Pix BR Code (the EMV QR Code "copia e cola" payload of the Banco Central's manual): TLV fields, each an
 * id of 2 digits, a length of 2 digits and the value, closed by field 63 holding the CRC16-CCITT
 * (polynomial 0x1021, initial 0xFFFF) of everything before it, '6304' included, in 4 upper-case hex digits.
 */

/** CRC16-CCITT-FALSE over the UTF-8 bytes of `payload`, as 4 upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const tlv = (id: string, value: string) => {
  const length = Buffer.byteLength(value, 'utf8');
  if (length > 99) throw new Error(`BR Code field ${id} longer than 99 bytes`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
};

/** Names and cities are printed without accents, upper case, as banking apps show them. */
const plain = (v: string, max: number) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .-]/g, '')
    .toUpperCase()
    .trim()
    .slice(0, max);

export interface BrCodeInput {
  /** The receiver's Pix key (e-mail, phone, CPF/CNPJ or random key). */
  key: string;
  merchantName: string;
  merchantCity: string;
  amountCents: number;
  /** The charge's transaction id (letters and digits, up to 25). */
  txid: string;
  /** Shown by the payer's app. */
  description?: string;
}

/** A single-use BR Code for an amount. */
export function buildBrCode(o: BrCodeInput): string {
  const account = tlv('00', 'br.gov.bcb.pix') + tlv('01', o.key) + (o.description ? tlv('02', plain(o.description, 40)) : '');
  const txid = o.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('54', (o.amountCents / 100).toFixed(2)) +
    tlv('58', 'BR') +
    tlv('59', plain(o.merchantName, 25) || 'CLIMA PRO') +
    tlv('60', plain(o.merchantCity, 15) || 'SAO PAULO') +
    tlv('62', tlv('05', txid)) +
    '6304';
  return body + crc16(body);
}

export interface BrCodeField {
  id: string;
  value: string;
}

/**
 * Reads a BR Code as a banking app does: every field, and whether its CRC matches. Throws on a payload
 * that is not TLV.
 */
export function parseBrCode(payload: string): { fields: Record<string, string>; crcValid: boolean } {
  const fields: Record<string, string> = {};
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(len) || i + 4 + len > payload.length) throw new Error('not a BR Code');
    fields[id] = payload.slice(i + 4, i + 4 + len);
    i += 4 + len;
  }
  const crcAt = payload.lastIndexOf('6304');
  const crcValid = crcAt === payload.length - 8 && crc16(payload.slice(0, crcAt + 4)) === payload.slice(crcAt + 4);
  return { fields, crcValid };
}

/** The nested TLV fields of a template field (26, 62). */
export function parseTemplate(value: string): Record<string, string> {
  return parseBrCode(value).fields;
}
