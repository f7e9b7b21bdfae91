// Where image URLs point (urls.ts builds them): set once, at start on the server
// (S3_PUBLIC_URL), from the root's data in the browser. Apart from the builders, which only
// the dashboard's script uses, so that every public page's shell carries these lines alone.

let base = "";

/** Where image URLs point: S3_PUBLIC_URL (no trailing slash), or "" for the app's own /uploads. */
export function setImageBaseUrl(url: string | undefined): void {
  base = url ?? "";
}

export function imageBaseUrl(): string {
  return base;
}
