// Names the tests create on the shared demo database: unique per run, so the js and no-js
// projects (which may run at once) and reruns never meet each other's accounts or adverts.

/** "Кухар у кафе lq3x9a1234": a title no other test or run uses. */
export function uniqueText(tag: string): string {
  return `${tag} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** An address at example.test no account has yet. */
export function uniqueEmail(tag: string, project: string): string {
  return `e2e-${tag}-${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}
