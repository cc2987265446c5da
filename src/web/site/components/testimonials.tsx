export type Testimonial = { name: string; quote: string; place: string };

/**
 * Testimonial cards in a grid (three columns from 768 px): the `tag` saying the testimonial is
 * illustrative (the people and businesses are fictional: CDC art. 37), the quote, then the
 * person's initial, name and place. `className` sets the grid's gap.
 */
export function Testimonials({
  items,
  tag,
  className = "gap-4",
}: {
  items: readonly Testimonial[];
  tag: string;
  className?: string;
}) {
  return (
    <ul className={`grid md:grid-cols-3 ${className}`}>
      {items.map((item) => (
        <li key={item.name} className="min-w-0">
          <figure className="flex h-full flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
            <p className="justify-self-start self-start rounded-full bg-muted px-2.5 py-0.5 font-medium text-muted-foreground text-xs">
              {tag}
            </p>
            <blockquote className="flex-1">
              <p>“{item.quote}”</p>
            </blockquote>
            <figcaption className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
              >
                {item.name.charAt(0)}
              </span>
              <span className="grid min-w-0">
                <span className="font-semibold">{item.name}</span>
                <span className="text-muted-foreground text-sm">{item.place}</span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
