/**
 * A value built on first use. The presentation's Intl formatters use it: the first Intl object in an
 * extension host initialises ICU (about 20 ms), which must not land on activation, only on the first
 * rendered flavor row.
 */
export function lazy<T>(create: () => T): () => T {
  let value: T | undefined;
  let created = false;
  return () => {
    if (!created) {
      value = create();
      created = true;
    }
    return value as T;
  };
}
