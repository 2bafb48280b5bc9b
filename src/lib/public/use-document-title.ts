import { useEffect } from 'react';

/** Each public page names itself (there is no router to do it). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
