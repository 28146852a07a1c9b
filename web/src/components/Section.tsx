import { type ReactNode, useId } from "react";

interface SectionProps {
  title: ReactNode;
  /** 2 for a section of a settings tab, 3 for one inside another section. */
  level?: 2 | 3;
  /** A number shown after the title (how many the section holds). */
  count?: ReactNode;
  /**
   * Something shown beside the title (a refresh button): the two share a row, which carries
   * `headClassName`.
   */
  action?: ReactNode;
  headClassName?: string;
  /** The heading's id, when something else in the section is labelled by it too; made up otherwise. */
  headingId?: string;
  /** More classes for the section (its own layout, beside the shared look). */
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** A section of the settings page: a titled panel, named for assistive technology by its heading. */
export function Section(props: SectionProps) {
  const { title, level = 2, count, action, headClassName, className, testId, children } = props;
  const madeId = useId();
  const headingId = props.headingId ?? madeId;
  const Heading = level === 2 ? "h2" : "h3";
  const heading = (
    <Heading id={headingId} className="tune-section__title">
      {title}
      {count != null && <span className="tune-section__count">{count}</span>}
    </Heading>
  );
  return (
    <section
      className={className ? `tune-section ${className}` : "tune-section"}
      aria-labelledby={headingId}
      data-testid={testId}
    >
      {action ? (
        <div className={headClassName}>
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
