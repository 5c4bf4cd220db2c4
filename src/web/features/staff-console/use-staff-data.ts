import { useCallback, useEffect, useState } from "react";
import { staffApi, type ApiResult } from "./staff-api";

/** GETs a console API path whenever it changes (or on reload()); the last answer, ok or not. */
export function useStaffData<T>(path: string) {
  const [result, setResult] = useState<ApiResult<T>>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    void staffApi<T>(path).then((answer) => {
      if (live) setResult(answer);
    });
    return () => {
      live = false;
    };
  }, [path, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return {
    data: result?.ok ? result.data : undefined,
    error: result && !result.ok ? result.error : undefined,
    status: result && !result.ok ? result.status : undefined,
    reload,
  };
}
