"""Approvals: project settings and rules, a merge request's rules, approve and unapprove."""

from common import FIXTURE, attempt, connect, report

owner = connect()
approver = connect(FIXTURE["approver_token"])
project = owner.projects.get(FIXTURE["project_id"])
results = {}

project.approvals.update(new_data={"reset_approvals_on_push": False, "merge_requests_author_approval": False})
settings = project.approvals.get()
results["settings"] = [settings.reset_approvals_on_push, settings.merge_requests_author_approval]

rule = project.approvalrules.create({"name": "Reviewers", "approvals_required": 1, "user_ids": [FIXTURE["approver_id"]]})
results["rule"] = [rule.name, rule.approvals_required, [u["username"] for u in rule.users]]
rule.approvals_required = 2
rule.save()
results["rules"] = [[r.name, r.approvals_required] for r in project.approvalrules.list()]
rule.approvals_required = 1
rule.save()

mr = project.mergerequests.get(FIXTURE["iid"])
before = mr.approvals.get()
results["before"] = [before.approvals_required, before.approvals_left, before.approved]

as_approver = approver.projects.get(FIXTURE["project_id"], lazy=True).mergerequests.get(FIXTURE["iid"])
results["stale_sha"] = attempt(lambda: as_approver.approve(sha="0" * 40))
approved = as_approver.approve(sha=mr.sha)
results["approved"] = [approved["approvals_left"], [a["user"]["username"] for a in approved["approved_by"]]]
state = mr.approval_state.get()
results["state"] = [[r["name"], r["approved"]] for r in state.rules]
as_approver.unapprove()
results["after_unapprove"] = mr.approvals.get().approvals_left
results["unapprove_again"] = attempt(as_approver.unapprove)

own = mr.approval_rules.create({"name": "Just this one", "approvals_required": 0})
results["mr_rules"] = [r.name for r in mr.approval_rules.list()]
own.delete()
results["mr_rules_after_delete"] = [r.name for r in mr.approval_rules.list()]
copied = mr.approval_rules.create(
    {"name": "Reviewers", "approvals_required": 2, "approval_project_rule_id": rule.id}
)
results["copied"] = [copied.source_rule, copied.overridden]
copied.delete()
coverage = project.approvalrules.create(
    {"name": "Coverage-Check", "approvals_required": 1, "rule_type": "report_approver", "report_type": "code_coverage"}
)
results["coverage"] = [coverage.rule_type, coverage.report_type]
coverage.delete()
results["tags"] = [tag.name for tag in project.tags.list()]
rule.delete()
results["project_rules_after_delete"] = len(project.approvalrules.list())

report(results)
