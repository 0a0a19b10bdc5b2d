import { Link, useParams } from "react-router-dom";
import { useCategory } from "@/api/categories";
import { ComingSoon } from "@/components/coming-soon";
import { PageSpinner } from "@/components/page-spinner";

/** /categorys/:id: the available products of one brand. */
export default function CategoryPage() {
  const { id } = useParams();
  const { data: category, error } = useCategory(id);
  // A missing category is a routing error: the router shows the error page.
  if (error) throw error;
  if (!category) return <PageSpinner />;
  return (
    <div className="space-y-6">
      <nav className="breadcrumbs text-sm" aria-label="Breadcrumb">
        <ul>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>{category.name}</li>
        </ul>
      </nav>
      <ComingSoon
        title={`${category.name} Laptops`}
        description={`Every available ${category.name} laptop, with a sidebar of all brands and booking from each card, will be listed here.`}
      />
    </div>
  );
}
