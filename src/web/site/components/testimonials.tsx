import { Star } from "lucide-react";

export type Testimonial = { name: string; quote: string; place: string };

const STARS = [1, 2, 3, 4, 5];

/**
 * Testimonial cards in a grid (three columns from 768 px): five stars read as `rating`, the
 * quote, then the person's initial, name and place. `className` sets the grid's gap.
 */
export function Testimonials({
  items,
  rating,
  className = "gap-4",
}: {
  items: readonly Testimonial[];
  rating: string;
  className?: string;
}) {
  return (
    <ul className={`grid md:grid-cols-3 ${className}`}>
      {items.map((item) => (
        <li key={item.name} className="min-w-0">
          <figure className="flex h-full flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
            <div role="img" aria-label={rating} className="flex gap-0.5">
              {STARS.map((star) => (
                <Star
                  key={star}
                  aria-hidden="true"
                  className="size-4 fill-amber-400 text-amber-500"
                />
              ))}
            </div>
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
