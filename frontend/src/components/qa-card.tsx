/** One written question and its answer, as a card. */
export function QaCard({ question, answer, tag }: { question: string; answer: string; tag: string }) {
  return (
    <article className="card bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <span className="badge badge-soft badge-primary">{tag}</span>
        <h2 className="card-title text-xl leading-snug">{question}</h2>
        <p className="leading-relaxed text-base-content/80">{answer}</p>
      </div>
    </article>
  );
}
