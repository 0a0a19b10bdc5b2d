import { Link } from "react-router-dom";
import type { Category } from "@/api/categories";

/** Category tiles (image and name), each linking to its category page. */
export function CategoryGrid({ categories }: { categories: Category[] }) {
  return (
    // on a phone four small tiles in a row (#37): the laptops start on the first screen
    <ul className="grid grid-cols-4 gap-2 sm:grid-cols-2 sm:gap-4 md:grid-cols-4 md:gap-6">
      {categories.map((c) => (
        <li key={c._id}>
          <Link
            to={`/categorys/${c._id}`}
            className="card group h-full overflow-hidden bg-base-100 shadow-sm transition hover:-translate-y-1 hover:shadow-lg focus-visible:outline-2 focus-visible:outline-primary"
          >
            <figure className="aspect-[4/3] bg-base-200">
              {/* near the top of the home page: loaded at once, sized so nothing moves */}
              <img
                src={c.image}
                alt=""
                width={400}
                height={300}
                className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
              />
            </figure>
            <div className="card-body items-center p-1.5 text-center sm:p-4">
              <h3 className="card-title text-xs break-all sm:text-base md:text-lg">{c.name}</h3>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Grey tiles shown while the categories load. */
export function CategoryGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className="grid grid-cols-4 gap-2 sm:grid-cols-2 sm:gap-4 md:grid-cols-4 md:gap-6" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card overflow-hidden bg-base-100 shadow-sm">
          <div className="skeleton aspect-[4/3] rounded-none" />
          <div className="card-body items-center p-1.5 sm:p-4">
            <div className="skeleton h-4 w-12 sm:h-5 sm:w-20" />
          </div>
        </div>
      ))}
    </div>
  );
}
