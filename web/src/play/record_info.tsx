// A game imported for review (a record, a game of the base): its event, place, round and date,
// as the record gave them (the players are named on their chips).
import type { RecordTags } from '../common/api';
import { fillText } from '../common/i18n';
import { useDict } from '../common/texts_context';
import { REVIEW_TEXTS } from '../review/review_texts';

export function RecordInfo({ record }: { record: RecordTags }) {
  const rt = useDict(REVIEW_TEXTS);
  const parts = [record.event, record.site, record.round ? fillText(rt.round, { n: record.round }) : '', record.date]
    .filter((p) => p && p !== '-');
  if (!parts.length) return null;
  return <div class="card record-info muted" data-testid="record-info">{parts.join(' · ')}</div>;
}
