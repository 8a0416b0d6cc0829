"""Notes, threads (with diff positions), draft notes and award emoji, each deleted again."""

from common import FIXTURE, attempt, connect, report

gl = connect()
project = gl.projects.get(FIXTURE["project_id"])
mr = project.mergerequests.get(FIXTURE["mr_iid"])
api = f"/projects/{project.id}/merge_requests/{mr.iid}"
refs = mr.diff_refs
position = {
    "position_type": "text",
    "base_sha": refs["base_sha"],
    "start_sha": refs["start_sha"],
    "head_sha": refs["head_sha"],
    "old_path": FIXTURE["path"],
    "new_path": FIXTURE["path"],
    "new_line": 1,
}
results = {}

note = mr.notes.create({"body": "A comment"})
results["note"] = [note.body, note.author["username"]]
note.body = "A comment, edited"
note.save()
results["note_edited"] = mr.notes.get(note.id).body
results["notes"] = [n.body for n in mr.notes.list(get_all=True) if not n.system]

thread = mr.discussions.create({"body": "A thread"})
reply = thread.notes.create({"body": "A reply"})
results["thread"] = [n["body"] for n in mr.discussions.get(thread.id).attributes["notes"]]
thread.resolved = True
thread.save()
results["resolved"] = all(n["resolved"] for n in mr.discussions.get(thread.id).attributes["notes"])

# A thread on a line of the diff: python-gitlab sends the position as JSON.
on_line = mr.discussions.create({"body": "On line 1", "position": position})
first = on_line.attributes["notes"][0]
results["diff_thread"] = [first["type"], first["position"]["new_path"], first["position"]["new_line"]]

# The same as curl and GitLab's documentation send it: a form body with `position[...]` fields.
form = {"body": "On line 1, as a form"}
form.update({f"position[{key}]": value for key, value in position.items()})
answer = gl.session.post(f"{gl.api_url}{api}/discussions", data=form, headers={"PRIVATE-TOKEN": gl.private_token})
formed = answer.json()["notes"][0]
results["form_thread"] = [answer.status_code, answer.headers["Content-Type"], formed["type"], formed["position"]["new_line"]]

# draft notes: python-gitlab 3.12 has no manager for them, so through its HTTP layer.
draft = gl.http_post(f"{api}/draft_notes", post_data={"note": "A pending comment", "position": position})
results["draft"] = [draft["note"], draft["position"]["new_line"]]
gl.http_put(f"{api}/draft_notes/{draft['id']}", post_data={"note": "A pending comment, edited"})
results["drafts"] = [d["note"] for d in gl.http_list(f"{api}/draft_notes", get_all=True)]
gl.http_delete(f"{api}/draft_notes/{draft['id']}")
results["drafts_after_delete"] = gl.http_list(f"{api}/draft_notes", get_all=True)
kept = gl.http_post(f"{api}/draft_notes", post_data={"note": "Published"})
# GitLab answers 204 with no body, which python-gitlab's http_put cannot parse: the request it makes.
published = gl.http_request("put", f"{api}/draft_notes/{kept['id']}/publish")
results["published"] = [published.status_code, "Published" in [n.body for n in mr.notes.list(get_all=True)]]

award = mr.awardemojis.create({"name": "thumbsup"})
results["mr_awards"] = [a.name for a in mr.awardemojis.list()]
note_award = note.awardemojis.create({"name": "tada"})
results["note_awards"] = [a.name for a in note.awardemojis.list()]
results["upvotes"] = project.mergerequests.get(mr.iid).upvotes

# Every .delete() sends `Content-Type: application/json` and no body.
award.delete()
note_award.delete()
results["awards_after_delete"] = [[a.name for a in mr.awardemojis.list()], [a.name for a in note.awardemojis.list()]]
reply_note = thread.notes.get(reply.id)
reply_note.delete()
results["thread_after_delete"] = [n["body"] for n in mr.discussions.get(thread.id).attributes["notes"]]
note.delete()
results["note_deleted"] = attempt(lambda: mr.notes.get(note.id).body)

report(results)
