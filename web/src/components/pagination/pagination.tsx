import { useTranslation } from "react-i18next";

/**
 * Page buttons (zero-based pages), at most `maxButtons` of them around the current page, with
 * previous/next. Nothing when everything fits on one page.
 */
export const Pagination = ({
  page,
  totalItems,
  pageSize,
  maxButtons,
  onPage,
}: {
  page: number;
  totalItems: number;
  pageSize: number;
  maxButtons: number;
  onPage: (page: number) => void;
}) => {
  const { t } = useTranslation();
  const pages = Math.ceil(totalItems / pageSize);
  if (pages <= 1) return null;
  const first = Math.max(0, Math.min(page - Math.floor(maxButtons / 2), pages - maxButtons));
  const shown = Array.from({ length: Math.min(maxButtons, pages) }, (_, index) => first + index);
  return (
    <nav aria-label={t("pagination.label")}>
      <ul className="pagination">
        <li>
          <button
            type="button"
            className="btn btn-small btn-outline"
            disabled={page === 0}
            aria-label={t("pagination.previous")}
            onClick={() => onPage(page - 1)}
          >
            ‹
          </button>
        </li>
        {shown.map((index) => (
          <li key={index}>
            <button
              type="button"
              className="btn btn-small btn-outline"
              aria-current={index === page ? "page" : undefined}
              onClick={() => onPage(index)}
            >
              {index + 1}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="btn btn-small btn-outline"
            disabled={page >= pages - 1}
            aria-label={t("pagination.next")}
            onClick={() => onPage(page + 1)}
          >
            ›
          </button>
        </li>
      </ul>
    </nav>
  );
};
