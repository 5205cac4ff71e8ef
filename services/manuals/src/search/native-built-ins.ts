/**
 * The engine's own objects whose functions a library may replace when it loads. pdf.js's legacy build (the one
 * for Node) bundles core-js polyfills that replace, for the whole process, functions Node 20 already has but
 * without one newer detail: JSON.stringify and JSON.parse (no JSON.rawJSON or source text access) and
 * Array.prototype.push become JavaScript versions several times slower. Measured on the manuals process after its
 * first PDF was read: every answer serialised through the polyfill, about a third of its CPU on GET /api/manuals.
 */
const BUILT_INS = ['JSON', 'Math', 'Reflect', 'Object', 'Array', 'String', 'Number', 'Promise', 'Map', 'Set', 'WeakMap', 'Symbol', 'RegExp', 'Date', 'Function', 'Uint8Array', 'ArrayBuffer', 'URL'];

function targets(): object[] {
  const g = globalThis as unknown as Record<string, unknown>;
  const out: object[] = [globalThis];
  for (const name of BUILT_INS) {
    const v = g[name] as (object & { prototype?: unknown }) | undefined;
    if (!v) continue;
    out.push(v);
    if (typeof v === 'function' && v.prototype && typeof v.prototype === 'object') out.push(v.prototype);
  }
  return out;
}

/**
 * Runs `load` (a library's import) and then puts back every built-in function it replaced; what it added (a
 * method this Node lacks) stays. The library's polyfills keep working: they hold the native functions they wrap.
 */
export async function keepingNativeBuiltIns<T>(load: () => Promise<T>): Promise<T> {
  const before = targets().map((t) => [t, Object.getOwnPropertyDescriptors(t)] as const);
  try {
    return await load();
  } finally {
    for (const [target, descriptors] of before) {
      for (const key of Reflect.ownKeys(descriptors)) {
        const was = descriptors[key as keyof typeof descriptors] as PropertyDescriptor;
        const now = Object.getOwnPropertyDescriptor(target, key);
        if (now && (now.value !== was.value || now.get !== was.get || now.set !== was.set)) Object.defineProperty(target, key, was);
      }
    }
  }
}
