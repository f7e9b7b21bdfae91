import type uk from "#app/i18n/bundles/uk.ts";

// Message keys as types, for keys built from data (a section, a status): the parts that
// vary are typed by the messages themselves, so a missing message does not compile.

type Messages = typeof uk;

/** The keys under `group` of namespace `ns`, as `ns:group.key`. */
export type GroupKey<
  Ns extends keyof Messages,
  Group extends keyof Messages[Ns],
> = `${Ns}:${Group & string}.${keyof Messages[Ns][Group] & string}`;

/** The names under `group` of namespace `ns` (`news` of `dashboard:sections.news`). */
export type GroupName<Ns extends keyof Messages, Group extends keyof Messages[Ns]> = keyof Messages[Ns][Group] & string;
