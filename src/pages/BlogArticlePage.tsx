import NotFoundPage from './NotFoundPage';

export default function BlogArticlePage() {
  return <NotFoundPage />;
}
