/** The screens of presentations (issue 23). */
export const PRESENTATIONS_PATH = '/dashboard/presentations';
