/** What a screen, or the app, says while its data or code loads. */
export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <p role="status" className="text-slate-700">
      {label}
    </p>
  );
}
