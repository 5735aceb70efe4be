import { loadOnce } from '../core/loadOnce';

/** A client whose every public member is a method answering a promise, so that a call can wait for its code. */
type AsyncClient<T> = { [K in keyof T]: (...args: never[]) => Promise<unknown> };

/**
 * A client whose code loads on its first call (its `import()` is split off into dist/features.js), with the
 * same methods: a start that calls none of them does not compile it. `methods` names every method, which the
 * type checks, so that one added to the client cannot be missing here.
 */
export function lazyClient<T extends AsyncClient<T>>(methods: { readonly [K in keyof T]: true }, load: () => Promise<T>): T {
  const client = loadOnce(load);
  const calls: Partial<Record<keyof T, (...args: never[]) => Promise<unknown>>> = {};
  for (const name of Object.keys(methods) as (keyof T)[]) {
    calls[name] = async (...args: never[]) => {
      const loaded = await client();
      return loaded[name](...args);
    };
  }
  return calls as T;
}
