"""What every script shares: the client as the test's user, its fixture, and one JSON report."""

import json
import os
import sys

import gitlab

FIXTURE = json.loads(os.environ["FIXTURE"])


def connect(token=None):
    """python-gitlab as a user would start it: the server's URL and a personal access token."""
    gl = gitlab.Gitlab(os.environ["GITLAB_URL"], private_token=token or os.environ["GITLAB_TOKEN"])
    gl.auth()
    return gl


def attempt(call):
    """A call's result, or the status and message python-gitlab raised for it."""
    try:
        return {"ok": call()}
    except gitlab.exceptions.GitlabError as error:
        return {"status": error.response_code, "message": error.error_message, "error": type(error).__name__}


def report(results):
    json.dump(results, sys.stdout, default=str)
