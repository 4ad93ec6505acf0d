from memctl.cli import app

app()
