import { Outlet } from "react-router";

/** The optional /us segment: locale comes from the path, so this level only nests. */
export default function LocaleSegment() {
  return <Outlet />;
}
