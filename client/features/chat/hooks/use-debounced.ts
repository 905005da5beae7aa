import { useCallback, useEffect, useState } from "react";

/** A value that follows `value` once it stops changing for `ms`; `flush` takes the latest now. */
export function useDebounced(value: string, ms: number): [string, () => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return [settled, useCallback(() => setSettled(value), [value])];
}
