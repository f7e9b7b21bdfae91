import { useLoaderData } from "react-router";

// A list page like the portal's (12 cards) from an in-memory loader: no database, no i18n.
const ITEMS = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  title: `Item number ${i + 1}`,
  summary: "A short summary of the item, about as long as a news teaser on the portal's list pages.",
}));

export function meta() {
  return [{ title: "Floor" }, { name: "description", content: "A minimal React Router page" }];
}

export function loader() {
  return { items: ITEMS };
}

export default function Home() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Floor</h1>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <h2>
              <a href={`/item/${item.id}`}>{item.title}</a>
            </h2>
            <p>{item.summary}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
