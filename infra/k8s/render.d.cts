/** Types of infra/k8s/render.cjs for the TypeScript callers (tests). */
export const OVERLAYS: string[];
export const COMPONENTS: string[];
export const K8S: string;
export function kustomizeSupport(): { ok: true; kubectl: string; kustomize: string } | { ok: false; reason: string };
export function kustomize(dir: string): string;
export function renderOverlay(overlay: string): string;
export function renderedFile(overlay: string): string;
