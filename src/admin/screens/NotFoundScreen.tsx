import { useEffect } from 'react';

export default function NotFoundScreen() {
  useEffect(() => {
    console.warn(`Admin page not found: ${window.location.pathname}`);
  }, []);
  return (
    <section className="mx-auto max-w-lg py-16 text-center">
      <p className="text-5xl font-extrabold text-brand-900">404</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Page Not Found</h1>
      <p className="mt-2 text-slate-700">The page you are looking for doesn't exist or has been moved.</p>
      <a href="/admin" className="mt-6 inline-block font-semibold text-brand-700 underline">
        Back to Dashboard
      </a>
    </section>
  );
}
