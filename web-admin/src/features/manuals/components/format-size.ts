const one = (n: number) => n.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Size in MB with one decimal, as the manuals library shows it; a file under 0,05 MB reads '< 0,1 MB' rather than '0,0 MB'. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return bytes > 0 && mb < 0.05 ? `< ${one(0.1)} MB` : `${one(mb)} MB`;
}
