/**
 * A scope or event as a key of the `integrations` texts: i18next reads ':' as the namespace and
 * '.' as nesting, so `stamps:write` is `stamps_write` and `stamp.added` is `stamp_added` there.
 */
export const textKey = <T extends string>(name: T) =>
  name.replace(/[.:]/g, "_") as T extends `${infer A}:${infer B}`
    ? `${A}_${B}`
    : T extends `${infer A}.${infer B}`
      ? `${A}_${B}`
      : T;
