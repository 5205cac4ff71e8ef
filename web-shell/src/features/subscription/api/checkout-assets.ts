import type { CheckoutClient } from '@clima/contract/billing';

const loaded = new Map<string, Promise<void>>();

function inject(kind: 'script' | 'stylesheet', url: string): Promise<void> {
  const key = `${kind}:${url}`;
  let promise = loaded.get(key);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const el =
        kind === 'script'
          ? Object.assign(document.createElement('script'), { src: url, async: true })
          : Object.assign(document.createElement('link'), { rel: 'stylesheet', href: url });
      el.dataset.checkoutAsset = kind;
      el.addEventListener('load', () => resolve(), { once: true });
      el.addEventListener('error', () => {
        loaded.delete(key);
        el.remove();
        reject(new Error(`checkout ${kind} failed to load: ${url}`));
      }, { once: true });
      document.head.append(el);
    });
    loaded.set(key, promise);
  }
  return promise;
}

/**
 * Loads the payment provider's checkout script and stylesheet, as the billing service configures them
 * (GET /api/plans → `checkout`), once per page.
 *
 * Sandbox mode: the checkout is a page served by the billing service itself, so there is nothing
 * external to load and nothing is loaded. The same holds for any provider that declares no assets.
 */
export async function loadCheckoutAssets(client: CheckoutClient): Promise<void> {
  if (client.provider === 'sandbox' || (!client.script_url && !client.stylesheet_url)) return;
  await Promise.all([
    client.script_url ? inject('script', client.script_url) : undefined,
    client.stylesheet_url ? inject('stylesheet', client.stylesheet_url) : undefined,
  ]);
}
