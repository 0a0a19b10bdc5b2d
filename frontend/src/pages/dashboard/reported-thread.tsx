// /dashboard/conversations/:id (admin): a reported conversation, read-only.
import { useParams } from "react-router-dom";
import { ThreadView } from "@/pages/dashboard/message-thread";

/** One reported thread as an admin reads it: both people named, nothing to write. */
export default function ReportedThread() {
  const { id } = useParams();
  return id ? <ThreadView key={id} id={id} readOnly back="/dashboard/conversations" /> : null;
}
