import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserRouter, Route, Routes } from '@clima/router';
import type { PublicCertificate } from '@clima/contract/certificates';
import { createQueryClient } from '../../../app/query-client';
import CertificateVerifyPage from './certificate-verify-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const VALID: PublicCertificate = {
  code: '7KQMX2PA9HTR',
  holder_name: 'Mariana Oliveira',
  course_title: 'Instalação de Split Inverter',
  workload_hours: 12,
  workload_minutes: 725,
  issued_at: '2026-03-12T15:00:00.000Z',
  status: 'valid',
  revoked_at: null,
  holder_deleted: false,
};

/** The certificates the stubbed API knows, by code; the paths asked, in order. */
let known: Record<string, PublicCertificate>;
let asked: string[];
beforeEach(() => {
  known = {};
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      asked.push(path);
      const code = /^\/api\/public\/certificates\/([^/?]+)$/.exec(path)?.[1];
      const found = code ? known[decodeURIComponent(code)] : undefined;
      return found ? json(found) : json({ error: 'Certificado não encontrado.' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

function open(code: string) {
  window.history.pushState({}, '', `/certificados/${code}`);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BrowserRouter>
        <Routes>
          <Route path="/certificados/:code" element={<CertificateVerifyPage />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>,
  );
}

describe('/certificados/{code}: the public verification page', () => {
  it('a valid certificate: green, with holder, course, workload, date and the code as printed', async () => {
    known[VALID.code] = VALID;
    open('7kqm-x2pa-9htr');
    expect(await screen.findByRole('heading', { name: 'Certificado válido' })).toBeTruthy();
    const result = screen.getByTestId('certificate-verification');
    expect(result.dataset.status).toBe('valid');
    for (const text of ['Mariana Oliveira', 'Instalação de Split Inverter', '12 horas e 5 minutos', '12/03/2026', '7KQM-X2PA-9HTR']) expect(result.textContent).toContain(text);
    // the code typed in lower case with dashes is asked for in its canonical form
    expect(asked).toEqual(['/api/public/certificates/7KQMX2PA9HTR']);
  });

  it('a revoked certificate says when; a deleted holder is not named', async () => {
    known[VALID.code] = { ...VALID, status: 'revoked', revoked_at: '2026-04-02T14:00:00.000Z', holder_name: null, holder_deleted: true };
    open(VALID.code);
    expect(await screen.findByRole('heading', { name: 'Certificado revogado' })).toBeTruthy();
    const result = screen.getByTestId('certificate-verification');
    expect(result.dataset.status).toBe('revoked');
    expect(result.textContent).toContain('Este certificado foi revogado em 02/04/2026.');
    expect(result.textContent).toContain('A conta do titular foi excluída');
    expect(result.textContent).toContain('Removido a pedido do titular');
    expect(result.textContent).not.toContain('Mariana');
  });

  it('an unknown code: not found, and another code can be checked from there', async () => {
    known[VALID.code] = VALID;
    open('ZZZZZZZZZZZZ');
    expect(await screen.findByRole('heading', { name: 'Certificado não encontrado' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Código do certificado'), { target: { value: ' 7kqm-x2pa-9htr ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: 'Certificado válido' })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/certificados/7KQMX2PA9HTR'));
  });
});
