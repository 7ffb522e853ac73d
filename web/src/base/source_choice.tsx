// Which of the base's sources the page shows (explorer and search alike): all, people's rated
// games on this site ("players"), the shipped computer games ("computer"), or one imported file.
// Computer games are always named as such, so nobody takes the engine's lines for people's.
import { useDict } from '../common/texts_context';
import { BASE_TEXTS } from './base_texts';

export function useSourceLabel(): (source: string) => string {
  const b = useDict(BASE_TEXTS);
  return (source) => (source === 'players' ? b.sourcePlayers : source === 'computer' ? b.sourceComputer : source);
}

export function SourceBadge({ source }: { source: string }) {
  const b = useDict(BASE_TEXTS);
  if (source === 'computer') return <span class="badge source-computer" data-source-badge="computer">{b.computerBadge}</span>;
  if (source === 'players') return <span class="badge source-players" data-source-badge="players">{b.peopleBadge}</span>;
  return null;
}

export function SourceChoice({ sources, value, onChange }: {
  sources: string[]; value: string; onChange: (source: string) => void;
}) {
  const b = useDict(BASE_TEXTS);
  const label = useSourceLabel();
  // A source chosen before stays offered while the list is loading.
  const shown = value && !sources.includes(value) ? [...sources, value] : sources;
  return (
    <label class="card base-source">
      {b.sources}{' '}
      <select value={value} data-testid="base-source" onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
        <option value="">{b.sourceAll}</option>
        {shown.map((s) => <option key={s} value={s}>{label(s)}</option>)}
      </select>
    </label>
  );
}
