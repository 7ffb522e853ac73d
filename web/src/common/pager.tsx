// "◀ Previous  2 / 7  Next ▶" under a long list (history, the game base's search), shown only
// when there is more than one page.
import { useTexts } from './texts_context';

export function Pager({ page, size, total, setPage }: { page: number; size: number; total: number; setPage: (p: number) => void }) {
  const { t } = useTexts();
  if (total <= size) return null;
  return (
    <div class="pager">
      <button disabled={page === 0} onClick={() => setPage(page - 1)}>◀ {t.prev}</button>
      <span>{page + 1} / {Math.ceil(total / size)}</span>
      <button disabled={(page + 1) * size >= total} onClick={() => setPage(page + 1)}>{t.next} ▶</button>
    </div>
  );
}
