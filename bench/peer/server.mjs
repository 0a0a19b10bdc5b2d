// make bench's peer (#38): the brand page Resale serves, written as an
// Express 5 + pg server is usually written (a pool, the compression
// middleware, res.json), running the same query on the same database, so
// that the Go server's cost per list is measured beside a common
// alternative's. Not part of the product.
import compression from "compression";
import express from "express";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = express();
app.use(compression());

const categories = new Map();

async function categoryId(name) {
  if (!categories.has(name)) {
    const { rows } = await pool.query("SELECT id FROM categories WHERE name = $1", [name]);
    categories.set(name, rows[0]?.id ?? null);
  }
  return categories.get(name);
}

// The cursor as Resale writes it: base64url JSON {"s","t" (microseconds),"i"}.
function after(cursor) {
  if (!cursor) return [null, null];
  const c = JSON.parse(Buffer.from(cursor, "base64url").toString());
  return [c.t, c.i];
}

app.get("/api/products", async (req, res) => {
  const id = await categoryId(String(req.query.category ?? ""));
  if (id == null) return res.json([]);
  const [t, i] = after(req.query.cursor);
  const { rows } = await pool.query(
    `SELECT * FROM product_listings
     WHERE sold_at IS NULL AND expired_at IS NULL AND category_id = $1
       AND (created_at, id) < (COALESCE(to_timestamp($2::float8 / 1e6), 'infinity'), COALESCE($3::bigint, 9223372036854775807))
     ORDER BY created_at DESC, id DESC LIMIT 24`,
    [id, t, i],
  );
  res.json(rows);
});

app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log(`peer on ${process.env.PORT}`));
