import { QaCard } from "@/components/qa-card";
import { useT, type MessageKey } from "@/lib/i18n";
import { usePageTitle } from "@/lib/title";

// Keys are the English texts themselves: Bangla readers get ours from the dictionary.
const posts: { tag: MessageKey; question: MessageKey; answer: MessageKey }[] = [
  {
    tag: "React",
    question: "What are the different ways to manage state in a React application?",
    answer:
      "Local state with useState or useReducer lives inside one component and covers most UI state, such as form inputs and open menus. When several components need the same value, lift it to their closest common parent and pass it down as props, or share it through React Context for things like the signed-in user or a theme. Data that comes from a server is best treated as a cache with a library such as SWR or TanStack Query, which handles fetching, deduplication and revalidation for you. For large client-side state used across the app, a store such as Redux Toolkit, Zustand or Jotai gives predictable updates and good devtools. Finally, the URL is state too: ids and filters kept in the route survive a reload and can be shared.",
  },
  {
    tag: "JavaScript",
    question: "How does prototypal inheritance work in JavaScript?",
    answer:
      "Every object has a hidden link, its prototype, to another object or to null. When you read a property the object does not have itself, JavaScript follows that link up the prototype chain until it finds the property or reaches null. Objects created with new get the constructor's prototype property as their prototype, and Object.create(proto) sets it directly. The class syntax is built on the same mechanism: methods are stored once on the prototype and shared by every instance. Assigning a property always writes to the object itself, so it shadows an inherited value instead of changing the prototype.",
  },
  {
    tag: "Testing",
    question: "What is a unit test and why should we write unit tests?",
    answer:
      "A unit test checks one small piece of code, such as a function, a hook or a component, in isolation: given known inputs, it asserts the expected output or behaviour. Because unit tests are fast and focused, they can run on every change and point straight at what broke. They let you refactor with confidence, document how the code is meant to be used, and catch edge cases like empty lists or very long names before users do. Good tests check behaviour rather than implementation details, so they only fail when something a user would notice has changed. In the front end, Vitest or Jest together with Testing Library make this a routine part of the work.",
  },
  {
    tag: "Frameworks",
    question: "React vs. Angular vs. Vue: how do they differ?",
    answer:
      "React is a library for building user interfaces from components written in JSX; routing, data fetching and state are left to libraries you pick, which is flexible but means more decisions. Angular is a complete framework built on TypeScript, with dependency injection, a router, forms and an HTTP client included, which suits large teams that want one prescribed way of working. Vue sits in between: single-file components with HTML-like templates, official libraries for routing and state (Vue Router and Pinia), and a gentle learning curve. All three are mature and fast enough for almost any app. The best choice usually depends on what your team already knows and how much structure the project needs.",
  },
];

/** /blog: four written answers about front-end development. */
export default function Blog() {
  const t = useT();
  usePageTitle(t("Blog"));
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <header className="text-center">
        <h1 className="text-4xl font-bold">{t("Blog")}</h1>
        <p className="mt-2 text-base-content/70">{t("Short answers to questions front-end developers ask us.")}</p>
      </header>
      <div className="grid gap-6">
        {posts.map((p) => (
          <QaCard key={p.question} tag={t(p.tag)} question={t(p.question)} answer={t(p.answer)} />
        ))}
      </div>
    </div>
  );
}
