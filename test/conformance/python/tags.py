"""A repository's tags: listed newest first, searched, lightweight and annotated."""

from common import FIXTURE, connect, report

gl = connect()
project = gl.projects.get(FIXTURE["project_id"])
results = {}

tags = project.tags.list(get_all=True)
results["names"] = [tag.name for tag in tags]
results["details"] = [[tag.name, tag.message, tag.commit["id"], tag.target] for tag in tags]
results["search_prefix"] = [tag.name for tag in project.tags.list(search="^v1.1")]
results["search_suffix"] = [tag.name for tag in project.tags.list(search="rc1$")]
results["page_2"] = [tag.name for tag in project.tags.list(per_page=2, page=2)]

report(results)
