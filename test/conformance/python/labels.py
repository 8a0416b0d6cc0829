"""Labels: create, list, get, edit and delete project labels; put them on a merge request."""

from common import FIXTURE, attempt, connect, report

gl = connect()
project = gl.projects.get(FIXTURE["project_id"])
results = {}

bug = project.labels.create({"name": "bug", "color": "#d9534f", "description": "Broken"})
project.labels.create({"name": "needs review", "color": "orange"})
results["created"] = [bug.name, bug.color, bug.text_color, bug.is_project_label]
results["taken"] = attempt(lambda: project.labels.create({"name": "bug", "color": "#000000"}))
results["bad_colour"] = attempt(lambda: project.labels.create({"name": "x", "color": "nope"}))
results["listed"] = [[label.name, label.color] for label in project.labels.list(get_all=True)]

label = project.labels.get("needs review")
label.new_name = "review"
label.save()
results["edited"] = project.labels.get(label.id).name

mr = project.mergerequests.create({"source_branch": "feature", "target_branch": "main", "title": "Labelled"})
mr.labels = ["bug", "review", "brand new"]
mr.save()
results["mr_saved"] = mr.labels
results["mr_fetched"] = project.mergerequests.get(mr.iid).labels
results["mr_by_label"] = [m.iid for m in project.mergerequests.list(labels=["bug"])]
results["mr_not_label"] = [m.iid for m in project.mergerequests.list(**{"not": {"labels": "bug"}})]
results["mr_details"] = [
    label["name"] for label in project.mergerequests.list(with_labels_details=True)[0].labels
]

project.labels.delete(bug.id)
results["after_delete"] = sorted(label.name for label in project.labels.list(get_all=True))
results["mr_after_delete"] = project.mergerequests.get(mr.iid).labels
results["gone"] = attempt(lambda: project.labels.get(bug.id))

report(results)
