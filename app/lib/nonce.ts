import { createContext, useContext } from "react";

// The CSP nonce of the current response. Empty on prerendered pages, whose inline scripts are
// allowed by hash instead (see server/platform/http/static-files.ts).
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);
