import { Editor } from "primereact/editor";
import type Quill from "quill";
import { useRef } from "react";
import { useAdminT } from "./use-admin-t.ts";

// The browser-only half of RichTextField (a `.client` module: never part of the server
// bundle). The toolbar offers exactly what the server's allow-list keeps.

const FORMATS = ["header", "bold", "italic", "underline", "strike", "list", "blockquote", "link"];

type Props = { initial: string; labelId: string; describedBy: string; lang: string; onChange: (html: string) => void };

export default function RichEditor({ initial, labelId, describedBy, lang, onChange }: Props) {
  const { t } = useAdminT();
  const quill = useRef<Quill | null>(null);
  // Quill's semantic HTML writes lists as <ul>/<ol> (its editing markup does not), and
  // spaces as &nbsp;: plain spaces read and wrap better.
  const html = () => (quill.current?.getSemanticHTML() ?? "").replace(/&nbsp;/g, " ");
  const toolbar = (
    <>
      <span className="ql-formats">
        <button type="button" className="ql-header" value="2" aria-label={t("admin:editor.heading")} />
        <button type="button" className="ql-header" value="3" aria-label={t("admin:editor.subheading")} />
      </span>
      <span className="ql-formats">
        <button type="button" className="ql-bold" aria-label={t("admin:editor.bold")} />
        <button type="button" className="ql-italic" aria-label={t("admin:editor.italic")} />
        <button type="button" className="ql-underline" aria-label={t("admin:editor.underline")} />
        <button type="button" className="ql-strike" aria-label={t("admin:editor.strike")} />
      </span>
      <span className="ql-formats">
        <button type="button" className="ql-list" value="ordered" aria-label={t("admin:editor.ordered")} />
        <button type="button" className="ql-list" value="bullet" aria-label={t("admin:editor.bullet")} />
        <button type="button" className="ql-blockquote" aria-label={t("admin:editor.quote")} />
      </span>
      <span className="ql-formats">
        <button type="button" className="ql-link" aria-label={t("admin:editor.link")} />
        <button type="button" className="ql-clean" aria-label={t("admin:editor.clean")} />
      </span>
    </>
  );
  return (
    <Editor
      value={initial}
      formats={FORMATS}
      headerTemplate={toolbar}
      onLoad={(instance) => {
        quill.current = instance as Quill;
        const root = (instance as Quill).root;
        root.setAttribute("role", "textbox");
        root.setAttribute("aria-multiline", "true");
        root.setAttribute("aria-labelledby", labelId);
        root.setAttribute("aria-describedby", describedBy);
        root.setAttribute("lang", lang);
      }}
      onTextChange={() => onChange(html())}
    />
  );
}
