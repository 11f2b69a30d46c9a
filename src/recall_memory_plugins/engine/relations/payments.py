"""A payment is no change of home or job: "房租已转", "四月房租已转", "定金转给您了", "我把钱转过去了",
"已转". The doubt rule reads 转 (转岗, 转到) and 已经 as change words; in a rental or accounting chat
rent is paid every month, and a tenant who pays it has not moved. :func:`without_payments`
blanks the transfer before the rule reads a sentence (same length; the rest is read as ever:
"房租已转，下个月搬去朝阳" still says a move).
"""

from __future__ import annotations

import re

__all__ = ["PAYMENT", "without_payments"]

# money, then (a few characters on) its transfer; or a transfer of money; or 已转 alone
_MONEY = r"(?:钱|款|房租|租金|房费|水电费|物业费|定金|订金|押金|尾款|首付|工资|报销|费用|红包|账单?)"
#: a money transfer: 房租已转, 定金转给您了, 把钱转过去了, 转账, 已转 (a turn of its own)
PAYMENT = re.compile(
    _MONEY + r"[^，,。！!？?；;]{0,8}?(?:已经?|都|也)?转(?:给|过去|过来|到|了|好|完|啦|出|入)?"
    r"|转(?:账|款|钱)|^\s*(?:我们?)?(?:已经?|都)转(?:了|啦|哈|好了)?(?=\s*(?:$|[，,。！!~～\d]))",
)


def without_payments(text: str) -> str:
    """``text`` with its money transfers blanked (the same length)."""
    if "转" not in text:
        return text
    return PAYMENT.sub(lambda m: " " * len(m.group()), text)
