import { Link } from "react-router-dom";
import { useCategories } from "@/api/categories";
import { CategoryGrid, CategoryGridSkeleton } from "@/components/category-grid";

const steps = [
  { title: "Register", text: "Create a free seller account in a minute." },
  { title: "Go to Dashboard", text: "Open your dashboard and choose Add Product." },
  { title: "Post ads with pictures of your products", text: "Add a clear photo, a fair price and where to meet." },
];

/** / and /home: banner, brand tiles and the post-an-ad promo. */
export default function Home() {
  const { data: categories, error, isLoading } = useCategories();
  return (
    <div className="space-y-16">
      <section className="hero overflow-hidden rounded-box bg-gradient-to-br from-primary to-secondary text-primary-content">
        <div className="hero-content w-full max-w-none flex-col justify-between gap-10 px-6 py-14 sm:px-12 md:py-20 lg:flex-row">
          <div className="flex flex-col items-start gap-6">
            <span className="badge badge-accent badge-lg font-semibold">Second-hand laptops</span>
            <h1 className="max-w-2xl text-4xl font-extrabold leading-tight sm:text-5xl">
              A good laptop doesn't have to be a new one.
            </h1>
            <p className="max-w-xl text-lg opacity-90">
              Browse second-hand Walton, Apple, HP and Asus laptops from sellers near you, book the one you like and meet
              to pick it up.
            </p>
            <div className="flex flex-wrap gap-3">
              <a href="#categories" className="btn btn-accent">
                Browse brands
              </a>
              <Link to="/dashboard/addproduct" className="btn btn-outline border-primary-content text-primary-content">
                Sell your laptop
              </Link>
            </div>
          </div>
          <div className="relative hidden h-64 w-96 shrink-0 lg:block" aria-hidden="true">
            <img
              src="/categories/apple.svg"
              alt=""
              className="absolute top-0 left-0 w-64 -rotate-6 rounded-box shadow-xl ring-4 ring-primary-content/20"
            />
            <img
              src="/categories/hp.svg"
              alt=""
              className="absolute right-0 bottom-0 w-64 rotate-3 rounded-box shadow-xl ring-4 ring-primary-content/20"
            />
          </div>
        </div>
      </section>

      <section id="categories" aria-labelledby="categories-title" className="scroll-mt-24">
        <div className="mb-6 text-center">
          <h2 id="categories-title" className="text-3xl font-bold">
            Shop by brand
          </h2>
          <p className="mt-2 text-base-content/70">Pick a brand to see every laptop on sale.</p>
        </div>
        {isLoading ? (
          <CategoryGridSkeleton />
        ) : error ? (
          <div role="alert" className="alert alert-error alert-soft">
            <span>We couldn't load the brands right now. Please refresh the page in a moment.</span>
          </div>
        ) : (
          <CategoryGrid categories={categories ?? []} />
        )}
      </section>

      <section aria-labelledby="promo-title" className="card bg-base-100 shadow-sm">
        <div className="card-body gap-8 sm:p-10">
          <div className="text-center">
            <h2 id="promo-title" className="text-3xl font-bold">
              Post your ad for free and easily
            </h2>
            <p className="mt-2 text-base-content/70">Three steps and your laptop is in front of buyers.</p>
          </div>
          <ol className="grid gap-6 md:grid-cols-3">
            {steps.map((s, i) => (
              <li key={s.title} className="flex flex-col items-center gap-3 text-center">
                <span className="flex h-12 w-12 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-content">
                  {i + 1}
                </span>
                <h3 className="text-lg font-semibold">{s.title}</h3>
                <p className="text-base-content/70">{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </div>
  );
}
