import StarterKit from '@tiptap/starter-kit';

/**
 * The one schema the instruction is edited and shown with. Showing stored HTML through it (not
 * innerHTML) is what keeps it safe: the editor keeps only the nodes and marks it knows, so a
 * script, an event handler or an iframe in the stored text never reaches the page.
 */
export const INSTRUCTION_EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
  }),
];
