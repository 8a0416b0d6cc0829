"""Every runner of the instance, as an administrator lists them, filtered by type."""

from common import FIXTURE, attempt, connect, report

admin = connect()
owner = connect(FIXTURE["owner_token"])
ours = set(FIXTURE["runner_ids"])
results = {}


def listed(runners):
    """The runners this test made, each with its type, in the order the server answered."""
    return [[r.id, r.runner_type] for r in runners if r.id in ours]


results["all"] = sorted(listed(admin.runners_all.list(get_all=True)))
for kind in ["instance_type", "group_type", "project_type"]:
    runners = admin.runners_all.list(type=kind, get_all=True)
    results[kind] = listed(runners)
    # Nothing of another type comes back, whoever else made runners on this instance.
    results[kind + "_only"] = sorted({r.runner_type for r in runners})
results["manager_all"] = listed(admin.runners.all(type="group_type"))
results["paused_project"] = listed(admin.runners_all.list(type="project_type", paused=True))
results["unknown_type"] = attempt(lambda: admin.runners_all.list(type="specific_type"))
results["owner_refused"] = attempt(lambda: owner.runners_all.list(type="project_type"))

report(results)
