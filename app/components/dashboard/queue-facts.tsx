import { Fragment, type ReactNode } from "react";

/** What a moderation queue shows of an item (owner, category, when it came...), as term and value. */
export function QueueFacts({ facts }: { facts: ReadonlyArray<readonly [term: string, value: ReactNode]> }) {
  return (
    <dl className="dash-queue__facts">
      {facts.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
