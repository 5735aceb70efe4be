/**
 * Something loaded on first need, once: every caller shares the load in flight and its result. A load that
 * failed is tried again by the next call, rather than failing until VS Code reloads the window. The code that
 * a start does not run is loaded so (esbuild.js splits an `import()` off into dist/features.js).
 */
export interface LoadOnce<T> {
  (): Promise<T>;
  /** What was loaded; undefined until a load succeeded. */
  readonly loaded: T | undefined;
}

export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  const get = () => {
    const current = (loading ??= load().then((value) => (loaded = value)));
    current.catch(() => {
      if (loading === current) loading = undefined;
    });
    return current;
  };
  return Object.defineProperty(get, 'loaded', { get: () => loaded }) as LoadOnce<T>;
}
