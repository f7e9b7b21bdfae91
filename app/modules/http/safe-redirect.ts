/**
 * Only same-site relative paths are followed after sign-in or a switch: anything with a
 * scheme, a host (`//evil`, `/\evil`) or control characters falls back.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2000) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f]/.test(target)) return fallback;
  try {
    const resolved = new URL(target, "http://portal.invalid");
    if (resolved.origin !== "http://portal.invalid") return fallback;
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return fallback;
  }
}
