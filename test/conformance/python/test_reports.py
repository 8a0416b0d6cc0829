"""A pipeline's unit test report through python-gitlab: test_report and test_report_summary."""

import gzip

import requests

from common import FIXTURE, attempt, connect, report

gl = connect()
project = gl.projects.get(FIXTURE["project_id"])
api = FIXTURE["api_url"]

REPORT = (
    '<testsuites><testsuite name="calc">'
    '<testcase classname="test_calc" name="test_add" file="test_calc.py" time="0.25"/>'
    '<testcase classname="test_calc" name="test_div" time="0.5">'
    '<failure message="ZeroDivisionError">division by zero</failure></testcase>'
    "</testsuite></testsuites>"
)

pipeline = project.pipelines.create({"ref": "main"})
# A runner played by hand, as gitlab-runner sends a JUnit report: gzip, artifact_type=junit.
job = requests.post(f"{api}/jobs/request", json={"token": FIXTURE["runner_token"]}).json()
headers = {"JOB-TOKEN": job["token"]}
files = {"file": ("junit.xml.gz", gzip.compress(REPORT.encode()), "application/octet-stream")}
upload = requests.post(
    f"{api}/jobs/{job['id']}/artifacts?artifact_type=junit&artifact_format=gzip", files=files, headers=headers
)
requests.put(f"{api}/jobs/{job['id']}", json={"token": job["token"], "state": "failed"})

test_report = pipeline.test_report.get()
summary = pipeline.test_report_summary.get()
suite = test_report.test_suites[0]
results = {
    "upload": upload.status_code,
    "report": [
        test_report.total_time,
        test_report.total_count,
        test_report.success_count,
        test_report.failed_count,
        test_report.skipped_count,
        test_report.error_count,
    ],
    "suite": [suite["name"], suite["total_count"], [c["name"] for c in suite["test_cases"]]],
    "failed_case": suite["test_cases"][0],
    "summary_total": summary.total,
    "summary_suites": [[s["name"], s["build_ids"] == [job["id"]], s["failed_count"]] for s in summary.test_suites],
    "stranger": attempt(
        lambda: connect(FIXTURE["stranger_token"]).projects.get(FIXTURE["project_id"], lazy=True)
        .pipelines.get(pipeline.id, lazy=True)
        .test_report.get()
        .total_count
    ),
}
report(results)
