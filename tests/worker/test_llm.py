"""The GM model client against a local chat-completions server: a reply and its tokens,
retries on a 5xx with backoff, no retry on a timeout or a malformed answer, the
per-process concurrency limit, and no secret in any log line."""

from __future__ import annotations

import logging
import socket
import threading
import time

import pytest
from prometheus_client import REGISTRY

from tests.worker.chat_server import ChatServer, raw, say, slow, status
from shared.service.chat import ChatClient
from shared.service.gm import GmMalformed, GmModel, GmTimeout, GmUnavailable

SECRET = "sk-test-3c1a9f00d"
MESSAGES = [{"role": "user", "content": "Pick one."}]


def _model(chat: ChatServer, **overrides) -> GmModel:
    options = {"base_url": chat.base_url, "model": "scripted-gm", "api_key": SECRET, "timeout": 2.0,
               "retries": 2, "backoff": 0.01, "concurrency": 4}
    return GmModel(**(options | overrides))


def _sample(name: str, **labels) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def test_a_reply_its_tokens_and_the_request_it_answered(chat):
    chat.play(say("action:bite -> juno", prompt_tokens=321, completion_tokens=9))
    before = _sample("marinara_gm_tokens_total", call="test", kind="prompt")
    before_out = _sample("marinara_gm_tokens_total", call="test", kind="completion")
    reply = ChatClient(_model(chat)).complete(MESSAGES, call="test")
    assert (reply.text, reply.prompt_tokens, reply.completion_tokens, reply.attempts) == ("action:bite -> juno", 321, 9, 1)
    assert _sample("marinara_gm_tokens_total", call="test", kind="prompt") - before == 321
    assert _sample("marinara_gm_tokens_total", call="test", kind="completion") - before_out == 9
    [seen] = chat.seen
    assert seen.body["model"] == "scripted-gm" and seen.body["messages"] == MESSAGES and seen.body["temperature"] == 0
    assert seen.authorization == f"Bearer {SECRET}"


def test_a_5xx_is_retried_with_backoff_and_then_answers(chat):
    chat.play(status(500), status(503), say("pass"))
    reply = ChatClient(_model(chat, backoff=0.1)).complete(MESSAGES, call="test")
    assert reply.text == "pass" and reply.attempts == 3 and len(chat.seen) == 3
    # Backoff 0.1 s then 0.2 s between the three attempts.
    assert reply.seconds >= 0.3


def test_a_5xx_every_time_gives_up_after_the_retries(chat):
    chat.play(status(500))
    with pytest.raises(GmUnavailable) as caught:
        ChatClient(_model(chat, retries=2)).complete(MESSAGES, call="test")
    assert str(caught.value) == "the GM model answered HTTP 500 after 3 attempts"
    assert len(chat.seen) == 3


def test_a_4xx_other_than_429_is_not_retried(chat):
    chat.play(status(401))
    with pytest.raises(GmUnavailable, match="answered HTTP 401"):
        ChatClient(_model(chat)).complete(MESSAGES, call="test")
    assert len(chat.seen) == 1


def test_malformed_json_is_not_retried(chat):
    chat.play(raw(b"{not json"))
    with pytest.raises(GmMalformed, match="not a chat completion"):
        ChatClient(_model(chat)).complete(MESSAGES, call="test")
    assert len(chat.seen) == 1


def test_a_slow_reply_past_the_timeout_is_not_waited_for_again(chat):
    chat.play(slow(1.0, "pass"))
    started = time.perf_counter()
    with pytest.raises(GmTimeout) as caught:
        ChatClient(_model(chat, timeout=0.3)).complete(MESSAGES, call="test")
    assert str(caught.value) == "the GM model did not answer within 0.3 seconds"
    assert time.perf_counter() - started < 0.9 and len(chat.seen) == 1


def test_an_unreachable_model_is_retried_then_unavailable():
    model = GmModel(base_url="http://127.0.0.1:9/v1", model="m", timeout=1.0, retries=1, backoff=0.01)
    with pytest.raises(GmUnavailable, match=r"could not be reached \(.*\) after 2 attempts"):
        ChatClient(model).complete(MESSAGES, call="test")


def test_at_most_the_concurrency_limit_of_calls_run_at_once(chat):
    chat.play(slow(0.3, "pass"))
    model = _model(chat, concurrency=1, timeout=2.0)
    done: list[float] = []
    started = time.perf_counter()
    threads = [threading.Thread(target=lambda: done.append(ChatClient(model).complete(MESSAGES, call="test").seconds))
               for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(done) == 2 and time.perf_counter() - started >= 0.6  # one after the other


def test_no_secret_in_logs_or_in_the_settings_repr(chat, caplog):
    chat.play(status(500))
    model = _model(chat, retries=0)
    with caplog.at_level(logging.DEBUG):
        with pytest.raises(GmUnavailable) as caught:
            ChatClient(model).complete(MESSAGES, call="test")
    assert caplog.records, "the failure is logged"
    assert SECRET not in caplog.text and SECRET not in str(caught.value) and SECRET not in repr(model)


def test_settings_from_the_environment():
    model = GmModel.from_env({"MARINARA_GM_BASE_URL": "http://gm:8000/v1", "MARINARA_GM_MODEL": "llama",
                              "MARINARA_GM_API_KEY": SECRET, "MARINARA_GM_TIMEOUT": "5", "MARINARA_GM_RETRIES": "1",
                              "MARINARA_GM_CONCURRENCY": "2"})
    assert (model.configured, model.endpoint, model.timeout, model.retries, model.concurrency) == (
        True, "http://gm:8000/v1/chat/completions", 5.0, 1, 2)
    assert GmModel.from_env({}).configured is False
    with pytest.raises(ValueError, match="MARINARA_GM_RETRIES='-1' must be at least 0"):
        GmModel.from_env({"MARINARA_GM_RETRIES": "-1"})


def test_a_reply_trickling_in_past_the_timeout_is_cut_at_the_timeout():
    """The timeout bounds the whole attempt, not each wait on the socket: a server that
    answers at once and then sends its body one byte every 0.1 s (never 0.3 s apart) is
    given up after 0.5 s in all, not read to its end (3 s)."""
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    def trickle() -> None:
        conn, _ = listener.accept()
        with conn:
            conn.recv(65536)
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 30\r\n\r\n")
            for _ in range(30):
                try:
                    conn.sendall(b" ")
                except OSError:
                    return
                time.sleep(0.1)

    server = threading.Thread(target=trickle, daemon=True)
    server.start()
    model = GmModel(base_url=f"http://127.0.0.1:{port}/v1", model="m", timeout=0.5, retries=2, backoff=0.01)
    started = time.perf_counter()
    try:
        with pytest.raises(GmTimeout, match="did not answer within 0.5 seconds"):
            ChatClient(model).complete(MESSAGES, call="test")
        assert time.perf_counter() - started < 1.0
    finally:
        listener.close()
        server.join(timeout=5)
