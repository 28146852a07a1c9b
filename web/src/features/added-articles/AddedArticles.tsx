import { useId } from "react";
import type { AddedArticle } from "./added-articles.ts";
import { httpHref } from "../../lib/web-address.ts";
import { useQuery } from "@tanstack/react-query";
import { addedArticlesQuery } from "./api.ts";
import { useDeleteAddedArticle } from "./hooks.ts";
import { LoadFailed } from "../../components/LoadFailed.tsx";

/** The articles the person added to their graph (shown on their profile), each with a delete. */
export function AddedArticles({ userId }: { userId: string }) {
  const articles = useQuery(addedArticlesQuery(userId));
  const remove = useDeleteAddedArticle(userId);
  const headingId = useId();

  return (
    <section className="tune-section" aria-labelledby={headingId} data-testid="added-articles">
      <h2 id={headingId} className="tune-section__title">
        articles you added to graph
        {articles.data && articles.data.length > 0 && (
          <span className="tune-section__count">{articles.data.length}</span>
        )}
      </h2>
      {articles.isPending ? (
        <p className="loading" role="status">
          loading your articles...
        </p>
      ) : articles.isError ? (
        <LoadFailed what="your articles" retry={() => void articles.refetch()} />
      ) : articles.data.length === 0 ? (
        <p className="tune-section__empty" data-testid="added-empty">
          no articles added yet. add an article from your feed, and it shows here and on your profile.
        </p>
      ) : (
        <ul className="tune-rows" aria-labelledby={headingId} data-testid="added-list">
          {articles.data.map((article) => (
            <ArticleRow key={article.id} article={article} onDelete={() => remove.mutate(article)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ArticleRow({ article, onDelete }: { article: AddedArticle; onDelete: () => void }) {
  const href = httpHref(article.link);
  return (
    <li className="tune-row" data-testid="added-article" data-article-id={article.id}>
      <div className="tune-row__main">
        {href ? (
          <a className="tune-row__title" href={href} target="_blank" rel="noopener">
            {article.title}
          </a>
        ) : (
          <span className="tune-row__title">{article.title}</span>
        )}
        <span className="tune-row__meta">{article.source_name}</span>
      </div>
      <button
        type="button"
        className="button button--ghost tune-row__action tune-row__delete"
        aria-label={`delete ${article.title}`}
        onClick={onDelete}
        data-testid="delete-article"
      >
        delete
      </button>
    </li>
  );
}
