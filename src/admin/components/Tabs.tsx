import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

/**
 * The ARIA tabs pattern: arrow keys, Home and End move between tabs (automatic activation), Tab enters
 * the panel. Selection is its own, or the caller's (`selected` + `onSelect`, e.g. kept in the URL).
 */
export function Tabs({
  label,
  tabs,
  selected: chosen,
  onSelect,
}: {
  label: string;
  tabs: Array<{ title: string; panel: ReactNode }>;
  selected?: number;
  onSelect?: (index: number) => void;
}) {
  const [own, setOwn] = useState(0);
  const selected = chosen ?? own;
  // A panel mounts when first selected and then stays (hidden), so its unsaved input survives a look at another
  // tab, and a visit loads only the sections it opens.
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const current = tabs[selected]?.title;
  if (current !== undefined && !opened.has(current)) setOpened(new Set(opened).add(current));
  const setSelected = (index: number) => {
    setOwn(index);
    onSelect?.(index);
  };
  const id = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  const select = (index: number) => {
    setSelected(index);
    refs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div>
      {/* Tabs wrap on a narrow screen rather than push the page sideways. */}
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b border-slate-200">
        {tabs.map((tab, index) => (
          <button
            key={tab.title}
            ref={(element) => {
              refs.current[index] = element;
            }}
            id={`${id}-tab-${index}`}
            type="button"
            role="tab"
            aria-selected={index === selected}
            aria-controls={`${id}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            onKeyDown={onKeyDown}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${index === selected ? 'border-brand-700 text-brand-900' : 'border-transparent text-slate-700 hover:text-slate-900'}`}
          >
            {tab.title}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.title}
          id={`${id}-panel-${index}`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${index}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the APG tabs pattern makes a panel without focusable content reachable by Tab
          tabIndex={0}
          hidden={index !== selected}
          className="pt-4"
        >
          {opened.has(tab.title) ? tab.panel : null}
        </div>
      ))}
    </div>
  );
}
